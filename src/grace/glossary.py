"""Shared kernel: a French → English glossary of software-engineering words, for cross-lingual
lexical matching.

Developers write tasks in French against rules written in English (most community rule packs
are English). The dense channel (multilingual e5) bridges the two languages; BM25 cannot: a
French query's stems (« requête » → ``requet``) never meet the English document's
(``queri``). :func:`english_equivalents` adds the English words of the glossary entries found
in a French text to the lexical query — dictionary-based query translation, the classic
cross-language retrieval baseline (L. Ballesteros & W. B. Croft, "Dictionary Methods for
Cross-Lingual Information Retrieval", DEXA 1996).

The glossary is general software vocabulary (actions, artefacts, quality attributes, web,
data, operations, security, process), written for the purpose from common usage, not from
any label set. An entry ``french: english words`` matches the French words' Snowball stems,
stop words ignored, so « ajoute », « ajouter » and « ajoutez » all match ``ajouter``;
multi-word entries match consecutive content words and win over their parts.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

import Stemmer  # type: ignore[import-not-found]

from grace.text import fold

GLOSSARY: Final = """
ajouter: add
ajout: addition add
corriger: fix correct
correction: fix
correctif: fix patch
supprimer: delete remove
suppression: deletion delete
retirer: remove
enlever: remove
créer: create
création: creation create
écrire: write
rédiger: write draft
relire: review
relecture: review
revue: review
vérifier: check verify
vérification: check verification
valider: validate
validation: validation
tester: test
test: test
tests: tests
documenter: document
documentation: documentation docs
migrer: migrate
migration: migration
déplacer: move
renommer: rename
renommage: rename naming
nommer: name naming
nommage: naming
découper: split
diviser: split
factoriser: refactor extract
refactoriser: refactor
refonte: refactor rewrite
simplifier: simplify
nettoyer: clean cleanup
optimiser: optimize
accélérer: speed performance
ralentir: slow
afficher: display show
affichage: display
charger: load
chargement: loading load
recharger: reload refresh
rafraîchir: refresh
enregistrer: save
sauvegarder: save backup
sauvegarde: backup
restaurer: restore
envoyer: send
recevoir: receive
mettre à jour: update
mise à jour: update upgrade
montée de version: upgrade
déployer: deploy
déploiement: deployment deploy
configurer: configure
installer: install
lancer: run launch
exécuter: run execute
compiler: compile build
construire: build
générer: generate
traduire: translate
traduction: translation i18n
chiffrer: encrypt
chiffrement: encryption
authentifier: authenticate
authentification: authentication
autoriser: authorize
autorisation: authorization permission
se connecter: login
paginer: paginate
paginé: paginated
trier: sort
tri: sort
filtrer: filter
filtre: filter
rechercher: search
recherche: search
importer: import
exporter: export
réduire: reduce
protéger: protect
sécuriser: secure
durcir: harden
auditer: audit
audit: audit
mesurer: measure
surveiller: monitor
surveillance: monitoring
journaliser: log logging
loguer: log logging
logguer: log logging
tracer: trace tracing
notifier: notify
planifier: plan schedule
proposer: propose suggest
expliquer: explain
résoudre: resolve fix
reproduire: reproduce
déboguer: debug
brancher: wire connect
injecter: inject
mocker: mock
simuler: mock simulate
couvrir: cover coverage
isoler: isolate
partager: share
partagé: shared
réutiliser: reuse
extraire: extract
fusionner: merge
fusion: merge
pousser: push
annuler: cancel undo
bloquer: block
verrouiller: lock
verrouillage: locking lock
accéder: access
télécharger: download
téléverser: upload
soumettre: submit
remplacer: replace
convertir: convert
transformer: transform
rendre: render
rendu: rendering render
masquer: hide
ouvrir: open
fermer: close
cliquer: click
saisir: input enter
saisie: input
défiler: scroll
naviguer: navigate
navigation: navigation
rediriger: redirect
appeler: call
appel: call
répondre: respond reply
renvoyer: return
retourner: return
lever: raise throw
gérer: handle manage
gestion: management handling
traiter: process handle
attendre: wait await
synchroniser: sync synchronize
mettre en cache: cache
requête: query request
réponse: response
demande: request
erreur: error
bug: bug
bogue: bug
plantage: crash
planter: crash
faille: vulnerability flaw
risque: risk
menace: threat
attaque: attack
vulnérabilité: vulnerability
sécurité: security
lenteur: slow latency
lent: slow
rapide: fast
délai: timeout delay
base de données: database
données: data
donnée: data
colonne: column
ligne: row line
champ: field
clé: key
clé étrangère: foreign key
jointure: join
schéma: schema
modèle: model template
vue: view
contrôleur: controller
dépôt: repository
entité: entity
objet: object
classe: class
fonction: function
méthode: method
constante: constant
typage: typing types
typé: typed
composant: component
écran: screen
formulaire: form
bouton: button
liste: list
tableau: table array
fenêtre: window
modale: modal dialog
lien: link
icône: icon
couleur: color colour
couleurs: colors
thème: theme
police: font
mise en page: layout
feuille de style: stylesheet css
accessibilité: accessibility a11y
clavier: keyboard
lecteur d'écran: screen reader
langue: language locale
heure: time hour
fuseau horaire: timezone
utilisateur: user
compte: account
mot de passe: password
jeton: token
droit: permission right
rôle: role
inscription: signup registration
connexion: login connection
déconnexion: logout
paiement: payment
facture: invoice
facturation: billing invoicing
commande: order command
panier: cart
produit: product
prix: price
montant: amount
devise: currency
taxe: tax
remise: discount
livraison: delivery shipping
adresse: address
courriel: email
fichier: file
dossier: folder directory
répertoire: directory
chemin: path
journal: log
journaux: logs
métrique: metric metrics
tableau de bord: dashboard
alerte: alert
environnement: environment
préproduction: staging
serveur: server
conteneur: container
grappe: cluster
nœud: node
réseau: network
pare-feu: firewall
certificat: certificate
variable d'environnement: environment variable
dépendance: dependency
dépendances: dependencies
paquet: package
bibliothèque: library
librairie: library
branche: branch
ticket: ticket issue
tâche: task
spécification: specification spec
exigence: requirement
conception: design
couche: layer
domaine: domain
cas d'usage: use case
règle métier: business rule
métier: business domain
test unitaire: unit test
tests unitaires: unit tests
test d'intégration: integration test
bout en bout: end-to-end e2e
couverture: coverage
régression: regression
fuite mémoire: memory leak
mémoire: memory
concurrence: concurrency
verrou: lock
file d'attente: queue
tâche de fond: background job
point d'accès: endpoint
pagination: pagination
sérialisation: serialization
commentaire: comment
commentaires: comments
journal des modifications: changelog
version: version release
étape: step stage
intégration continue: continuous integration ci
hachage: hash hashing
échappement: escaping escape
en-tête: header
données personnelles: personal data privacy pii
effacement: erasure deletion
conformité: compliance
incident: incident
retour arrière: rollback
état: state
crochet: hook
propriété: property prop
événement: event
écouteur: listener
navigateur: browser
appli: app application
application: application app
tablette: tablet
téléphone: phone mobile
hors ligne: offline
vide: empty
manquant: missing
cassé: broken
dupliqué: duplicated duplicate
doublon: duplicate
copié: copied duplicated
inutile: unnecessary unused
code mort: dead code
propre: clean
lisible: readable
illisible: unreadable
maintenable: maintainable
asynchrone: async asynchronous
parallèle: parallel
fiable: reliable
générique: generic
héritage: inheritance
constructeur: constructor
paramètre: parameter
valeur: value
boucle: loop
dictionnaire: dictionary map
chaîne: string
entier: integer
nombre: number
mise à l'échelle: scaling
charge: load
disponibilité: availability
latence: latency
débit: throughput
plan d'exécution: query plan explain
contrainte: constraint
unicité: unique uniqueness
distant: remote
message de commit: commit message
remarque: comment finding
gravité: severity
portée: scope
dette technique: technical debt
bonnes pratiques: best practices
guide de style: style guide
patron de conception: design pattern
injection de dépendances: dependency injection
graphique: chart
rapport: report
démarrage: startup
sortant: outgoing
entrant: incoming
manuel: manual
automatique: automatic
automatiser: automate
nouveau: new
nouvelle: new
ancien: old legacy
hérité: legacy
partout: everywhere
strict: strict
"""
"""``french: english words``, one entry per line (see the module docstring)."""

_WORD: Final = re.compile(r"[a-z][a-z0-9]*")
_ELISION: Final = re.compile(r"\b[cdjlmnst]'|\bqu'")
_STOP_WORDS: Final = """
a à au aux avec ce ces d de des du en et la le les l un une par pour sur se sa son ses
"""
_STOP: Final = frozenset(fold(w) for w in _STOP_WORDS.split())


@cache
def _stemmer() -> Stemmer.Stemmer:
    return Stemmer.Stemmer("french")


def _content_words(text: str) -> list[str]:
    folded = _ELISION.sub(" ", fold(text).replace("’", "'"))
    return [w for w in _WORD.findall(folded) if w not in _STOP]


def _stems(text: str) -> tuple[str, ...]:
    stem = _stemmer().stemWord
    return tuple(stem(w) for w in _content_words(text))


@cache
def _entries() -> dict[tuple[str, ...], str]:
    table: dict[tuple[str, ...], str] = {}
    for line in GLOSSARY.strip().splitlines():
        french, _, english = line.partition(":")
        key = _stems(french)
        if key and english.strip():
            merged = table.get(key, "").split() + english.split()
            table[key] = " ".join(dict.fromkeys(merged))
    return table


def english_equivalents(text: str) -> list[str]:
    """English words of the glossary entries found in ``text`` (read as French).

    Longest entries first: « base de données » gives ``database``, not ``base`` + ``data``.
    ``english_equivalents("Corrige les requêtes lentes")`` → ``["fix", "correct", "query",
    "request", "slow", "latency"]``. Words outside the glossary give nothing.
    """
    return translate(text)[0]


def translate(text: str) -> tuple[list[str], frozenset[str]]:
    """:func:`english_equivalents` of ``text``, and the folded French words the glossary
    translated (« composant » → ``component``: ``composant`` is among them), so a caller can
    leave those words out of any other reading (stemmed as English, « composant » would meet
    ``compose`` and ``composer``)."""
    table = _entries()
    longest = max((len(k) for k in table), default=0)
    words = _content_words(text)
    stem = _stemmer().stemWord
    stems = tuple(stem(w) for w in words)
    out: list[str] = []
    covered: set[str] = set()
    i = 0
    while i < len(stems):
        for n in range(min(longest, len(stems) - i), 0, -1):
            english = table.get(stems[i : i + n])
            if english is not None:
                out.extend(english.split())
                covered.update(words[i : i + n])
                i += n
                break
        else:
            i += 1
    return list(dict.fromkeys(out)), frozenset(covered)
