defmodule MooringsWeb.ConnCase do
  use ExUnit.CaseTemplate

  using do
    quote do
      @endpoint MooringsWeb.Endpoint
      use MooringsWeb, :verified_routes
      import Plug.Conn
      import Phoenix.ConnTest
      import MooringsWeb.ConnCase
    end
  end

  setup tags do
    Moorings.DataCase.setup_sandbox(tags)
    {:ok, conn: Phoenix.ConnTest.build_conn()}
  end

  def register_and_log_in_user(%{conn: conn}) do
    user = Moorings.AccountsFixtures.user_fixture()
    token = Moorings.Accounts.generate_user_session_token(user)
    conn = conn |> Phoenix.ConnTest.init_test_session(%{}) |> Plug.Conn.put_session(:user_token, token)
    %{conn: conn, user: user}
  end
end
