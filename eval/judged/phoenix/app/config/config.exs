import Config

config :moorings,
  ecto_repos: [Moorings.Repo],
  generators: [timestamp_type: :utc_datetime]

config :moorings, MooringsWeb.Endpoint,
  url: [host: "localhost"],
  adapter: Bandit.PhoenixAdapter,
  render_errors: [
    formats: [html: MooringsWeb.ErrorHTML, json: MooringsWeb.ErrorJSON],
    layout: false
  ],
  pubsub_server: Moorings.PubSub,
  live_view: [signing_salt: "q3Zc7k1R"]

config :moorings, Moorings.Mailer, adapter: Swoosh.Adapters.Local

config :moorings, Oban,
  engine: Oban.Engines.Basic,
  repo: Moorings.Repo,
  queues: [default: 10, mailers: 5, billing: 2],
  plugins: [
    {Oban.Plugins.Pruner, max_age: 60 * 60 * 24 * 7},
    {Oban.Plugins.Cron,
     crontab: [
       {"0 7 * * *", Moorings.Workers.ReservationReminderWorker},
       {"30 2 * * *", Moorings.Workers.InvoiceOverdueWorker}
     ]}
  ]

config :esbuild,
  version: "0.17.11",
  moorings: [
    args: ~w(js/app.js --bundle --target=es2017 --outdir=../priv/static/assets --external:/fonts/* --external:/images/*),
    cd: Path.expand("../assets", __DIR__),
    env: %{"NODE_PATH" => Path.expand("../deps", __DIR__)}
  ]

config :tailwind,
  version: "3.4.3",
  moorings: [
    args: ~w(--config=tailwind.config.js --input=css/app.css --output=../priv/static/assets/app.css),
    cd: Path.expand("../assets", __DIR__)
  ]

config :logger, :console,
  format: "$time $metadata[$level] $message\n",
  metadata: [:request_id]

config :phoenix, :json_library, Jason

import_config "#{config_env()}.exs"
