defmodule MooringsWeb.BerthLive.FormComponent do
  use MooringsWeb, :live_component
  alias Moorings.Harbour

  @impl true
  def render(assigns) do
    ~H"""
    <div>
      <.simple_form for={@form} id="berth-form" phx-target={@myself} phx-change="validate" phx-submit="save">
        <.input field={@form[:pontoon]} type="text" label="Ponton" />
        <.input field={@form[:number]} type="number" label="Numéro" />
        <.input field={@form[:max_length_m]} type="number" label="Longueur max (m)" step="0.1" />
        <.input field={@form[:nightly_rate_cents]} type="number" label="Tarif (centimes)" />
        <:actions><.button phx-disable-with="Enregistrement...">Enregistrer</.button></:actions>
      </.simple_form>
    </div>
    """
  end

  @impl true
  def update(%{berth: berth} = assigns, socket) do
    {:ok, socket |> assign(assigns) |> assign_new(:form, fn -> to_form(Harbour.change_berth(berth)) end)}
  end

  @impl true
  def handle_event("validate", %{"berth" => params}, socket) do
    cs = Harbour.change_berth(socket.assigns.berth, params)
    {:noreply, assign(socket, form: to_form(cs, action: :validate))}
  end

  def handle_event("save", %{"berth" => params}, socket) do
    result =
      case socket.assigns.action do
        :new -> Harbour.create_berth(params)
        :edit -> Harbour.update_berth(socket.assigns.berth, params)
      end

    case result do
      {:ok, berth} ->
        send(self(), {__MODULE__, {:saved, berth}})
        {:noreply, socket |> put_flash(:info, "Place enregistrée") |> push_patch(to: socket.assigns.patch)}

      {:error, %Ecto.Changeset{} = cs} ->
        {:noreply, assign(socket, form: to_form(cs))}
    end
  end
end
