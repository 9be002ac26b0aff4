defmodule MooringsWeb.PageController do
  use MooringsWeb, :controller

  def home(conn, _params), do: render(conn, :home, layout: false)
end
