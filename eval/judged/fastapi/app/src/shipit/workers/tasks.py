import asyncio

from shipit.workers.celery_app import celery_app


@celery_app.task(bind=True, max_retries=5, default_retry_delay=30)
def print_label(self, shipment_id: str) -> None:  # type: ignore[no-untyped-def]
    from shipit.services.labels import generate_label

    try:
        asyncio.run(generate_label(shipment_id))
    except Exception as exc:  # noqa: BLE001
        raise self.retry(exc=exc) from exc


@celery_app.task
def refresh_tracking(tracking_number: str, carrier: str) -> None:
    pass
