select
    siren,
    denomination,
    categorie_juridique,
    tranche_effectifs,
    date_creation::date as date_creation
from {{ source('sirene', 'unites_legales') }}
