from invoicekit.cli.app import app

app()
