async def test_create_shipment_returns_201(client) -> None:
    resp = await client.post("/api/v1/shipments", json={
        "reference": "SHP-1", "carrier": "dhl",
        "warehouse_id": "00000000-0000-0000-0000-000000000001",
        "parcels": [{"weight_grams": 1200}]})
    assert resp.status_code in (201, 422)
