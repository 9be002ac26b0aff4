defmodule Moorings.Application do
  @moduledoc false
  use Application

  @impl true
  def start(_type, _args) do
    children = [
      MooringsWeb.Telemetry,
      Moorings.Repo,
      {DNSCluster, query: Application.get_env(:moorings, :dns_cluster_query) || :ignore},
      {Phoenix.PubSub, name: Moorings.PubSub},
      {Finch, name: Moorings.Finch},
      {Oban, Application.fetch_env!(:moorings, Oban)},
      MooringsWeb.Endpoint
    ]

    opts = [strategy: :one_for_one, name: Moorings.Supervisor]
    Supervisor.start_link(children, opts)
  end

  @impl true
  def config_change(changed, _new, removed) do
    MooringsWeb.Endpoint.config_change(changed, removed)
    :ok
  end
end
