async def test_health(client) -> None:
    resp = await client.get("/health")
    assert resp.json() == {"status": "ok"}
