with source as (
    select * from {{ source('sirene', 'etablissements') }}
)

select
    siret,
    siren,
    nullif(trim(enseigne_1), '') as enseigne,
    code_postal,
    code_commune as code_insee,
    activite_principale as code_naf,
    etat_administratif = 'A' as est_actif,
    date_creation::date as date_creation,
    _charge_le
from source
