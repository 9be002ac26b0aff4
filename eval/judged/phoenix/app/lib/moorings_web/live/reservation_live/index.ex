defmodule MooringsWeb.ReservationLive.Index do
  use MooringsWeb, :live_view
  alias Moorings.Harbour

  @impl true
  def mount(_params, _session, socket) do
    {:ok,
     socket
     |> assign(:page_title, "Réserver")
     |> assign(:form, to_form(%{"starts_on" => nil, "ends_on" => nil, "boat_length_m" => nil}))
     |> assign(:results, [])}
  end

  @impl true
  def handle_event("search", %{"starts_on" => s, "ends_on" => e, "boat_length_m" => l}, socket) do
    results = Harbour.available_berths(Date.from_iso8601!(s), Date.from_iso8601!(e), Decimal.new(l))
    {:noreply, assign(socket, :results, results)}
  end

  @impl true
  def render(assigns) do
    ~H"""
    <.header>Réserver une place</.header>
    <.simple_form for={@form} phx-submit="search">
      <.input field={@form[:starts_on]} type="date" label="Arrivée" />
      <.input field={@form[:ends_on]} type="date" label="Départ" />
      <.input field={@form[:boat_length_m]} type="number" step="0.1" label="Longueur du bateau (m)" />
      <:actions><.button>Chercher</.button></:actions>
    </.simple_form>
    <ul id="results" class="mt-8 space-y-2">
      <li :for={b <- @results} class="rounded border border-zinc-200 p-3">Ponton {b.pontoon} – {b.number}</li>
    </ul>
    """
  end
end
