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

from typing import Final, NamedTuple

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


WORK_TALK: Final[tuple[str, ...]] = (
    "Write an email to my manager asking for a day off next Friday",
    "Write a message to my colleagues inviting them to lunch on Thursday",
    "Rédige un mail à mon équipe pour annoncer mes congés la semaine prochaine",
    "Écris un petit mot à mes collègues pour les remercier de leur pot de départ",
)
"""Messages to the people one works with (4: 2 English, 2 French): everyday requests of a
working day that no project's rules are about. They count on the everyday side of the
software-request score only (:class:`~grace.resolution.application.hybrid.HybridRelevance`),
never in the gate's calibration (:data:`PROBES`): near to a software team's words (a team, a
release, a review), they would raise every catalog's floor. No message to a client: sending
one is an application's feature ("Email the invoice to the client"). Written for this
purpose; none is taken from a label set (decision 0029)."""


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


QUESTIONS: Final[tuple[str, ...]] = (
    "What is the difference between a stack and a queue?",
    "Explain how public-key cryptography works",
    "What does Big O notation mean?",
    "How does DNS turn a domain name into an IP address?",
    "What is a deadlock and how can it happen?",
    "Explain the difference between concurrency and parallelism",
    "What is a hash collision?",
    "Why is floating-point arithmetic imprecise?",
    "Explain recursion with a simple example",
    "What is the difference between compiled and interpreted languages?",
    "How does a garbage collector decide what to free?",
    "What is a linked list used for?",
    "Quelle est la différence entre une liste chaînée et un tableau ?",
    "Explique ce qu'est un pointeur",
    "Comment fonctionne le chiffrement asymétrique ?",
    "Qu'est-ce qu'un algorithme glouton ?",
    "Pourquoi 0,1 + 0,2 ne donne pas exactement 0,3 en informatique ?",
    "Explique la notation grand O avec un exemple",
    "Quelle est la différence entre IPv4 et IPv6 ?",
    "Comment fonctionne un arbre binaire de recherche ?",
    "Qu'est-ce que la programmation fonctionnelle ?",
    "À quoi sert la mémoire cache d'un processeur ?",
    "Qu'est-ce qu'une fonction de hachage cryptographique ?",
    "Explique ce qu'est une machine virtuelle",
)
"""General questions of computing (24: 12 English, 12 French), textbook knowledge that no
project's rules are about: a task nearer to one of these than to every
:data:`SOFTWARE_REQUESTS` request, that names no code, file, talent or dependency of the
project, asks for knowledge, not for work on the project (the hybrid gate's *general question*
criterion; decision 0027). Written for this purpose, no stack, library or tool named; none is
taken from a label set or a trial."""


class Concern(NamedTuple):
    """A cross-cutting concern of coding work (:data:`CONCERNS`).

    Attributes:
        marks: folded words that mark a rule written for it when its name holds one.
        said: folded words by which a task says it (the marks, French forms; for security
            also authentication and authorization, and the classes of vulnerability no other
            work names — ``xss``, ``csrf``, ``idor``, « faille » —, not ``injection``, which
            dependency injection says too).
        requests: kinds of requests that ask for that work.
    """

    marks: frozenset[str]
    said: frozenset[str]
    requests: tuple[str, ...]


CONCERNS: Final[dict[str, Concern]] = {
    "security": Concern(frozenset({"security", "secure", "owasp", "appsec", "devsecops"}),
                        frozenset({"security", "secure", "owasp", "securite", "securiser",
                                   "securise", "securisee", "xss", "csrf", "ssrf", "idor",
                                   "cve", "vulnerability", "vulnerabilities", "vulnerable",
                                   "vulnerabilite", "vulnerabilites", "faille", "failles",
                                   "authentication", "authorization", "authorisation",
                                   "authentification", "autorisation"}), (
        "Fix the security hole in the login code",
        "Make sure a user can only read and change their own records",
        "Add rate limiting to the sign-in endpoint against brute force",
        "Protect the API with token-based authentication",
        "Check this code for injection and cross-site scripting risks",
        "Hash the stored passwords with a slow salted algorithm",
        "Harden the production settings: secret keys, debug mode, secure cookies, HTTPS headers",
        "Restrict the admin pages to users who have the admin role",
        "Corrige la faille de sécurité du code d'authentification",
        "Vérifie qu'un utilisateur ne peut accéder qu'à ses propres données",
        "Limite le nombre de tentatives de connexion par minute",
        "Protège les formulaires contre les attaques CSRF et XSS",
        "Ajoute une authentification par jeton à l'API",
        "Sors les clés secrètes du code et du dépôt",
    )),
    "accessibility": Concern(frozenset({"accessibility", "accessible", "a11y", "wcag"}),
                             frozenset({"accessibility", "accessible", "accessibilite",
                                        "a11y", "wcag"}), (
        "Make the form accessible: labels, errors tied to their fields, keyboard navigation",
        "Check the page works with a screen reader and has enough colour contrast",
        "Add alternative text and ARIA attributes to the images and icon buttons",
        "Rends la page utilisable au clavier et avec un lecteur d'écran",
        "Vérifie le contraste des couleurs et les textes alternatifs des images",
        "Rends le formulaire d'inscription accessible",
    )),
    "performance": Concern(frozenset({"performance", "perf"}),
                           frozenset({"performance", "performances", "perf"}), (
        "Make the home page load faster: caching, fewer requests, smaller bundles",
        "Find out why this endpoint is slow and make it faster",
        "Reduce the memory the import job uses",
        "Améliore le temps de chargement de la page d'accueil",
        "Trouve pourquoi cet écran est lent et accélère-le",
    )),
    "review": Concern(frozenset({"review"}), frozenset({"review", "revue", "relire", "relis",
                                                        "relisez", "relecture"}), (
        "Review this pull request before merge",
        "Review this change and point out bugs and risky code",
        "Relis cette pull request avant la fusion",
        "Fais une revue de ce code et signale les problèmes",
    )),
}
"""Cross-cutting concerns of coding work: per concern, the words that mark a rule written for
it when its name holds one (``copilot.security-and-owasp``, ``copilot.a11y``,
``copilot.performance-optimization``, ``cursor.pr-review``), the words by which a task says it,
and kinds of requests that ask for that work (English and French, no stack, library or tool
named; written for this purpose, none taken from a label set or a trial; four of them are
:data:`SOFTWARE_REQUESTS` too). A task nearer to a concern's requests than to every other
software request is that concern's work, and its rules are lifted as the project's framework
lifts its own (the hybrid step's ``concern`` channel; decision 0010, eighteenth follow-up).
Such rules have no language and no glob of their own: nothing else lifts them beside the
framework's rules."""

CONCERN_REFERENCE: Final[tuple[tuple[str, str], ...]] = (
    *((label, request) for label, concern in CONCERNS.items() for request in concern.requests),
    *(("", request) for request in SOFTWARE_REQUESTS
      if not any(request in concern.requests for concern in CONCERNS.values())),
)
"""``(concern, request)`` pairs the hybrid step tells a task's concern with: every concern's
requests, then the other :data:`SOFTWARE_REQUESTS` with the concern ``""``."""
