defmodule MooringsWeb.UserAuth do
  use MooringsWeb, :verified_routes
  import Plug.Conn
  import Phoenix.Controller
  alias Moorings.Accounts

  def fetch_current_user(conn, _opts) do
    token = get_session(conn, :user_token)
    user = token && Accounts.get_user_by_session_token(token)
    assign(conn, :current_user, user)
  end

  def require_authenticated_user(conn, _opts) do
    if conn.assigns[:current_user] do
      conn
    else
      conn
      |> put_flash(:error, "You must log in to access this page.")
      |> redirect(to: ~p"/")
      |> halt()
    end
  end

  def on_mount(:ensure_authenticated, _params, session, socket) do
    socket =
      Phoenix.Component.assign_new(socket, :current_user, fn ->
        if token = session["user_token"], do: Accounts.get_user_by_session_token(token)
      end)

    if socket.assigns.current_user,
      do: {:cont, socket},
      else: {:halt, Phoenix.LiveView.redirect(socket, to: ~p"/")}
  end
end
