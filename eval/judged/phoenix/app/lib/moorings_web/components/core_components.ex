defmodule MooringsWeb.CoreComponents do
  use Phoenix.Component
  use Gettext, backend: MooringsWeb.Gettext
  alias Phoenix.LiveView.JS

  attr :id, :string, required: true
  attr :show, :boolean, default: false
  attr :on_cancel, JS, default: %JS{}
  slot :inner_block, required: true

  def modal(assigns) do
    ~H"""
    <div id={@id} phx-mounted={@show && show_modal(@id)} phx-remove={hide_modal(@id)} class="relative z-50 hidden">
      <div class="fixed inset-0 bg-zinc-50/90 transition-opacity" aria-hidden="true" />
      <div class="fixed inset-0 overflow-y-auto" role="dialog" aria-modal="true">
        <.focus_wrap id={"#{@id}-container"} phx-window-keydown={JS.exec("data-cancel", to: "##{@id}")} phx-key="escape"
          class="relative rounded-2xl bg-white p-14 shadow-lg ring-1 ring-zinc-700/10">
          {render_slot(@inner_block)}
        </.focus_wrap>
      </div>
    </div>
    """
  end

  attr :field, Phoenix.HTML.FormField
  attr :label, :string, default: nil
  attr :type, :string, default: "text"
  attr :rest, :global, include: ~w(min max step required)

  def input(assigns) do
    ~H"""
    <div>
      <label for={@field.id} class="block text-sm font-semibold leading-6 text-zinc-800">{@label}</label>
      <input type={@type} name={@field.name} id={@field.id} value={Phoenix.HTML.Form.normalize_value(@type, @field.value)}
        class="mt-2 block w-full rounded-lg text-zinc-900 focus:ring-0 sm:text-sm sm:leading-6 border-zinc-300" {@rest} />
      <p :for={{msg, _} <- @field.errors} class="mt-3 flex gap-3 text-sm leading-6 text-rose-600">{msg}</p>
    </div>
    """
  end

  attr :rows, :list, required: true
  attr :id, :string, required: true
  slot :col do
    attr :label, :string
  end

  def table(assigns) do
    ~H"""
    <table id={@id} class="w-[40rem] mt-11 sm:w-full">
      <thead class="text-sm text-left leading-6 text-zinc-500">
        <tr><th :for={col <- @col} class="p-0 pb-4 pr-6 font-normal">{col[:label]}</th></tr>
      </thead>
      <tbody class="divide-y divide-zinc-100 text-sm leading-6 text-zinc-700">
        <tr :for={row <- @rows}><td :for={col <- @col} class="p-0 py-4 pr-6">{render_slot(col, row)}</td></tr>
      </tbody>
    </table>
    """
  end

  def show_modal(js \\ %JS{}, id), do: js |> JS.show(to: "##{id}") |> JS.focus_first(to: "##{id}-container")
  def hide_modal(js \\ %JS{}, id), do: js |> JS.hide(to: "##{id}")
end
