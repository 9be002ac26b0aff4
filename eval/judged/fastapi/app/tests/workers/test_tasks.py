from shipit.workers.celery_app import celery_app


def test_print_label_routed_to_labels_queue() -> None:
    assert celery_app.conf.task_routes["shipit.workers.tasks.print_label"]["queue"] == "labels"
