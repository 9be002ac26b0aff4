"""``python -m grace`` runs the CLI."""

from grace.entrypoints.cli.app import main

main()
