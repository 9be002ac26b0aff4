"""Out-of-domain probes: requests no coding catalog is about, to calibrate the gate per catalog.

A fixed FLOOR on centred cosines does not transfer between catalogs (measured in decision 0010:
on a 29-talent catalog in one domain the in-domain tasks' best cosine is often below 0.15,
while on 179 polyglot rules unrelated requests reach 0.30). So the hybrid step embeds these
probes once per catalog state and asks of a task what an out-of-domain detector asks: does it
look more like the catalog than requests that are certainly not about it? These sentences are
generic everyday requests, French and English, written for this purpose; none is taken from a
label set.
"""

from __future__ import annotations

from typing import Final

PROBES: Final[tuple[str, ...]] = (
    "What will the weather be like in Lyon this weekend?",
    "Quel temps fera-t-il à Bordeaux demain après-midi ?",
    "Suggest a vegetarian dinner for six people",
    "Donne-moi une recette de gratin dauphinois",
    "Write a cover letter for a nursing job",
    "Rédige une lettre de motivation pour un poste de vendeuse",
    "Plan a three-day hiking trip in the Alps",
    "Organise un week-end en famille à la mer",
    "Which houseplants survive with little light?",
    "Comment tailler mes rosiers en automne ?",
    "Write a short speech for my sister's wedding",
    "Écris un message d'anniversaire pour mon grand-père",
    "Recommend three novels similar to The Remains of the Day",
    "Quels films voir ce soir en famille ?",
    "How do I get my toddler to sleep through the night?",
    "Explique les règles du rugby à un débutant",
    "What are good exercises for lower back pain?",
    "Quels documents faut-il pour renouveler un passeport ?",
    "Summarise the causes of the French Revolution",
    "Traduis ce poème de Verlaine en anglais",
    "Help me choose a used car under 8000 euros",
    "Comment négocier une augmentation avec mon manager ?",
    "Draft a thank-you note to our neighbours",
    "Propose un menu pour un pique-nique d'été",
)
"""Probe requests (24: 12 English, 12 French)."""


SOFTWARE_REQUESTS: Final[tuple[str, ...]] = (
    "Add a new endpoint to the API",
    "Fix the bug that crashes the app on startup",
    "Write unit tests for this function",
    "Refactor this class to remove the duplicated code",
    "Validate the request body and return a clear error",
    "Add a database migration for a new column",
    "Speed up the slow query behind the orders page",
    "Handle the exception thrown when the file is missing",
    "Upgrade the dependency to its latest version",
    "Add logging to the background job",
    "Review this pull request before merge",
    "Make the CI pipeline run the tests on every push",
    "Rename this method and update every caller",
    "Paginate the list returned by the service",
    "Add a button that opens the edit form",
    "Fix the security hole in the login code",
    "Write the commit message for these changes",
    "Update the README with the new install steps",
    "Translate the user interface strings into several languages",
    "Store and display dates in each user's time zone",
    "Ajoute un endpoint pour supprimer un utilisateur",
    "Corrige le bug d'affichage de la page d'accueil",
    "Écris les tests unitaires du service de paiement",
    "Refactorise ce module pour isoler la logique métier",
    "Valide les champs du formulaire avant l'envoi",
    "Crée une migration qui ajoute une colonne à la table",
    "Optimise la requête lente de la liste des commandes",
    "Gère l'exception levée quand le fichier est introuvable",
    "Mets à jour la bibliothèque vers sa dernière version",
    "Ajoute des logs et une gestion d'erreurs au traitement",
    "Relis cette pull request avant la fusion",
    "Configure la CI pour lancer les tests à chaque commit",
    "Renomme cette fonction et ses appels",
    "Ajoute la pagination à la liste renvoyée par l'API",
    "Affiche un message d'erreur quand la sauvegarde échoue",
    "Corrige la faille de sécurité du code d'authentification",
    "Rédige le message de commit de ces modifications",
    "Mets à jour le README avec les nouvelles étapes d'installation",
    "Traduis les textes de l'interface utilisateur en plusieurs langues",
    "Enregistre et affiche les dates dans le fuseau horaire de chaque utilisateur",
)
"""Generic software requests (40: 20 English, 20 French), the other side of the gate's
reference set: a task nearer to one of these than to every :data:`PROBES` request is a software
task whatever its wording ("Add a PATCH endpoint" names no talent and no code). Kinds of coding
work written for this purpose, with no stack, library or tool named; none is taken from a label
set."""

