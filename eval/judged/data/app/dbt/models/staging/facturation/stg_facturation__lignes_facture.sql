select
    id as ligne_id,
    facture_id,
    libelle,
    quantite,
    prix_unitaire_centimes / 100.0 as prix_unitaire
from {{ source('facturation', 'lignes_facture') }}
