defmodule MooringsWeb.Api.BerthJSON do
  alias Moorings.Harbour.Berth

  def index(%{berths: berths}), do: %{data: for(b <- berths, do: data(b))}
  def show(%{berth: berth}), do: %{data: data(berth)}

  defp data(%Berth{} = b) do
    %{id: b.id, pontoon: b.pontoon, number: b.number, max_length_m: b.max_length_m,
      nightly_rate_cents: b.nightly_rate_cents}
  end
end
