defmodule MooringsWeb.PageControllerTest do
  use MooringsWeb.ConnCase, async: true

  test "GET /", %{conn: conn} do
    assert html_response(get(conn, ~p"/"), 200) =~ "Port de Pen-Bron"
  end
end
