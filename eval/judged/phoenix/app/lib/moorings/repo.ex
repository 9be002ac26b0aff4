defmodule Moorings.Repo do
  use Ecto.Repo,
    otp_app: :moorings,
    adapter: Ecto.Adapters.Postgres
end
