"""Chargement quotidien du stock SIRENE puis dbt build des modèles staging."""
from __future__ import annotations

import pendulum
from airflow.decorators import dag, task
from airflow.operators.bash import BashOperator

from utils.dbt import dbt_command
from utils.alerting import notifier_echec


@dag(
    schedule="0 5 * * *",
    start_date=pendulum.datetime(2024, 1, 1, tz="Europe/Paris"),
    catchup=False,
    default_args={"retries": 2, "on_failure_callback": notifier_echec},
    tags=["sirene", "ingestion"],
)
def sirene_quotidien():
    @task
    def extraire(ds: str | None = None) -> int:
        from ingestion.extractors.sirene import extraire_mises_a_jour
        return extraire_mises_a_jour(depuis=ds)

    dbt_staging = BashOperator(
        task_id="dbt_build_staging",
        bash_command=dbt_command("build", select="staging.sirene"),
    )

    extraire() >> dbt_staging


sirene_quotidien()
