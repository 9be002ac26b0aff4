from celery import Celery

from shipit.core.config import settings

celery_app = Celery("shipit", broker=settings.redis_url, backend=settings.redis_url,
                    include=["shipit.workers.tasks"])
celery_app.conf.task_routes = {"shipit.workers.tasks.print_label": {"queue": "labels"},
                               "shipit.workers.tasks.refresh_tracking": {"queue": "carriers"}}
celery_app.conf.task_acks_late = True
