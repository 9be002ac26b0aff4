<?php

use App\Models\Invoice;

it('computes the amount including VAT', function () {
    $invoice = new Invoice(['amount_ht_cents' => 10_000, 'vat_rate' => 20]);

    expect($invoice->amountTtcCents())->toBe(12_000);
});
