import Config

config :bcrypt_elixir, :log_rounds, 1

config :moorings, Moorings.Repo,
  username: "postgres",
  password: "postgres",
  hostname: "localhost",
  database: "moorings_test#{System.get_env("MIX_TEST_PARTITION")}",
  pool: Ecto.Adapters.SQL.Sandbox,
  pool_size: System.schedulers_online() * 2

config :moorings, MooringsWeb.Endpoint,
  http: [ip: {127, 0, 0, 1}, port: 4002],
  secret_key_base: "test-only-secret-key-base-test-only-secret-key-base-test-0000",
  server: false

config :moorings, Oban, testing: :manual
config :moorings, Moorings.Mailer, adapter: Swoosh.Adapters.Test
config :swoosh, :api_client, false
config :logger, level: :warning
config :phoenix, :plug_init_mode, :runtime
config :phoenix_live_view, enable_expensive_runtime_checks: true
