defmodule MooringsWeb.Api.BerthController do
  use MooringsWeb, :controller
  alias Moorings.Harbour

  action_fallback MooringsWeb.FallbackController

  def index(conn, params), do: render(conn, :index, berths: Harbour.list_berths(params))
  def show(conn, %{"id" => id}), do: render(conn, :show, berth: Harbour.get_berth!(id))
end
