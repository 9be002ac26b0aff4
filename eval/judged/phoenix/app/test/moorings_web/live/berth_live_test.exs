defmodule MooringsWeb.BerthLiveTest do
  use MooringsWeb.ConnCase
  import Phoenix.LiveViewTest
  import Moorings.HarbourFixtures

  setup :register_and_log_in_user

  test "lists berths", %{conn: conn} do
    berth = berth_fixture(%{pontoon: "C"})
    {:ok, _view, html} = live(conn, ~p"/berths")
    assert html =~ "Places au ponton"
    assert html =~ "#{berth.number}"
  end

  test "creates a berth", %{conn: conn} do
    {:ok, view, _} = live(conn, ~p"/berths/new")
    assert view |> form("#berth-form", berth: %{pontoon: ""}) |> render_change() =~ "can&#39;t be blank"
    view |> form("#berth-form", berth: %{pontoon: "B", number: 7, max_length_m: "10", nightly_rate_cents: 2800}) |> render_submit()
    assert_patch(view, ~p"/berths")
  end
end
