<h1>Facture {{ $invoice->number }}</h1>
<p>{{ $invoice->client->raison_sociale }} — SIRET {{ $invoice->client->siret }}</p>
<p>Montant HT : {{ number_format($invoice->amount_ht_cents / 100, 2, ',', ' ') }} €</p>
<p>TVA {{ $invoice->vat_rate }} % — Montant TTC : {{ number_format($invoice->amountTtcCents() / 100, 2, ',', ' ') }} €</p>
<p>Échéance : {{ $invoice->due_on->format('d/m/Y') }}</p>
