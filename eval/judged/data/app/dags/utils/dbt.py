DBT_DIR = "/opt/airflow/dbt"


def dbt_command(verb: str, select: str | None = None, target: str = "dev") -> str:
    cmd = f"cd {DBT_DIR} && dbt {verb} --profiles-dir . --target {target}"
    if select:
        cmd += f" --select {select}"
    return cmd
