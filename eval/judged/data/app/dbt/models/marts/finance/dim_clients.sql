select
    ul.siren,
    ul.denomination,
    ul.categorie_juridique,
    count(e.siret) as nb_etablissements
from {{ ref('stg_sirene__unites_legales') }} as ul
left join {{ ref('stg_sirene__etablissements') }} as e using (siren)
group by 1, 2, 3
