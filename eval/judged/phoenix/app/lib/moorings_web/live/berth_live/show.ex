defmodule MooringsWeb.BerthLive.Show do
  use MooringsWeb, :live_view
  alias Moorings.Harbour

  @impl true
  def mount(_params, _session, socket), do: {:ok, socket}

  @impl true
  def handle_params(%{"id" => id}, _, socket) do
    {:noreply, socket |> assign(:page_title, "Place") |> assign(:berth, Harbour.get_berth!(id))}
  end

  @impl true
  def render(assigns) do
    ~H"""
    <.header>Ponton {@berth.pontoon} – place {@berth.number}</.header>
    <.list>
      <:item title="Longueur max">{@berth.max_length_m} m</:item>
      <:item title="Électricité">{if @berth.has_electricity, do: "oui", else: "non"}</:item>
    </.list>
    """
  end
end
