from functools import cache

import boto3


@cache
def client(service: str):  # type: ignore[no-untyped-def]
    return boto3.client(service)
