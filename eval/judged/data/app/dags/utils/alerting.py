import logging

import requests
from airflow.models import Variable

log = logging.getLogger(__name__)


def notifier_echec(context) -> None:
    ti = context["task_instance"]
    message = f":red_circle: {ti.dag_id}.{ti.task_id} en échec ({context['ds']})"
    webhook = Variable.get("webhook_mattermost", default_var=None)
    if webhook is None:
        log.warning("Pas de webhook configuré : %s", message)
        return
    requests.post(webhook, json={"text": message}, timeout=10)
