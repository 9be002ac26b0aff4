import pytest
from airflow.models import DagBag


@pytest.fixture(scope="module")
def dagbag():
    return DagBag(dag_folder="dags", include_examples=False)


def test_aucune_erreur_d_import(dagbag):
    assert dagbag.import_errors == {}


def test_chaque_dag_a_des_tags(dagbag):
    for dag_id, dag in dagbag.dags.items():
        assert dag.tags, dag_id
