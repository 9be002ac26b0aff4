ExUnit.start()
Ecto.Adapters.SQL.Sandbox.mode(Moorings.Repo, :manual)
