select
    id as facture_id,
    numero,
    siren_client,
    emise_le::date as date_emission,
    montant_ht_centimes / 100.0 as montant_ht,
    taux_tva,
    statut
from {{ source('facturation', 'factures') }}
where statut <> 'brouillon'
