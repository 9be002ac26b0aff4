defmodule MooringsWeb.BerthLive.Index do
  use MooringsWeb, :live_view
  alias Moorings.Harbour
  alias Moorings.Harbour.Berth

  @impl true
  def mount(_params, _session, socket) do
    if connected?(socket), do: Phoenix.PubSub.subscribe(Moorings.PubSub, "berths")
    {:ok, stream(socket, :berths, Harbour.list_berths())}
  end

  @impl true
  def handle_params(params, _url, socket),
    do: {:noreply, apply_action(socket, socket.assigns.live_action, params)}

  defp apply_action(socket, :edit, %{"id" => id}),
    do: socket |> assign(:page_title, "Modifier la place") |> assign(:berth, Harbour.get_berth!(id))

  defp apply_action(socket, :new, _), do: socket |> assign(:page_title, "Nouvelle place") |> assign(:berth, %Berth{})
  defp apply_action(socket, :index, _), do: socket |> assign(:page_title, "Places") |> assign(:berth, nil)

  @impl true
  def handle_info({MooringsWeb.BerthLive.FormComponent, {:saved, berth}}, socket),
    do: {:noreply, stream_insert(socket, :berths, berth)}

  def handle_info({:reserved, _reservation}, socket), do: {:noreply, socket}
end
