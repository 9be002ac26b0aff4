{{ config(materialized='incremental', unique_key='mois', on_schema_change='fail') }}

select
    date_trunc('month', date_emission)::date as mois,
    count(*) as nb_factures,
    sum(montant_ht) as ca_ht,
    sum(montant_ttc) as ca_ttc
from {{ ref('int_factures_enrichies') }}
{% if is_incremental() %}
where date_emission >= (select max(mois) from {{ this }})
{% endif %}
group by 1
