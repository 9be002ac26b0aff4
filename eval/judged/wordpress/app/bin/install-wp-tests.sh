#!/usr/bin/env bash
# Prépare un site de test via wp-env puis lance les tests PHP dans le conteneur.
set -euo pipefail
npx wp-env start
npx wp-env run tests-cli --env-cwd=wp-content/plugins/lumiere-agenda composer test
