import Config

config :moorings, MooringsWeb.Endpoint, cache_static_manifest: "priv/static/cache_manifest.json"
config :swoosh, api_client: Swoosh.ApiClient.Finch, finch_name: Moorings.Finch
config :swoosh, local: false
config :logger, level: :info
