"""Réplication horaire de la base de facturation vers raw_facturation."""
from __future__ import annotations

import pendulum
from airflow import DAG
from airflow.operators.python import PythonOperator
from airflow.operators.bash import BashOperator

from utils.dbt import dbt_command

with DAG(
    dag_id="facturation_horaire",
    schedule="@hourly",
    start_date=pendulum.datetime(2024, 3, 1, tz="Europe/Paris"),
    catchup=False,
    max_active_runs=1,
    tags=["facturation"],
) as dag:
    def _repliquer(**context):
        from ingestion.extractors.facturation import repliquer_depuis
        repliquer_depuis(context["data_interval_start"])

    repliquer = PythonOperator(task_id="repliquer", python_callable=_repliquer)
    dbt_finance = BashOperator(
        task_id="dbt_build_finance",
        bash_command=dbt_command("build", select="+marts.finance"),
    )
    repliquer >> dbt_finance
