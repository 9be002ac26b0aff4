select
    f.facture_id,
    f.date_emission,
    f.montant_ht,
    f.montant_ht * (1 + f.taux_tva) as montant_ttc,
    ul.denomination as client,
    ul.categorie_juridique
from {{ ref('stg_facturation__factures') }} as f
left join {{ ref('stg_sirene__unites_legales') }} as ul
    on f.siren_client = ul.siren
