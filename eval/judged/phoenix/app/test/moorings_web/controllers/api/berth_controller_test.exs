defmodule MooringsWeb.Api.BerthControllerTest do
  use MooringsWeb.ConnCase, async: true
  import Moorings.HarbourFixtures

  test "GET /api/berths lists berths", %{conn: conn} do
    berth_fixture(%{pontoon: "B"})
    conn = get(conn, ~p"/api/berths")
    assert [%{"pontoon" => "B"}] = json_response(conn, 200)["data"]
  end
end
