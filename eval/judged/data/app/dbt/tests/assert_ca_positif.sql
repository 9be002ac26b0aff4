-- Un mois ne peut pas avoir un chiffre d'affaires HT négatif
select mois, ca_ht
from {{ ref('fct_chiffre_affaires_mensuel') }}
where ca_ht < 0
