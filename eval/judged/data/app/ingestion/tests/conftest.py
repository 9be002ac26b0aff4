import pytest
from sqlalchemy import create_engine


@pytest.fixture(scope="session")
def moteur_test():
    return create_engine("postgresql+psycopg2://dwh:dwh@localhost:5432/entrepot")
