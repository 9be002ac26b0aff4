defmodule Moorings.Harbour do
  @moduledoc "Berths, pontoons and reservations."
  import Ecto.Query, warn: false
  alias Moorings.Repo
  alias Moorings.Harbour.{Berth, Reservation}

  def list_berths(filters \\ %{}) do
    Berth
    |> maybe_filter_pontoon(filters["pontoon"])
    |> order_by([b], asc: b.pontoon, asc: b.number)
    |> Repo.all()
  end

  defp maybe_filter_pontoon(query, nil), do: query
  defp maybe_filter_pontoon(query, p), do: where(query, [b], b.pontoon == ^p)

  def get_berth!(id), do: Repo.get!(Berth, id)

  def create_berth(attrs), do: %Berth{} |> Berth.changeset(attrs) |> Repo.insert()
  def update_berth(%Berth{} = b, attrs), do: b |> Berth.changeset(attrs) |> Repo.update()
  def change_berth(%Berth{} = b, attrs \\ %{}), do: Berth.changeset(b, attrs)

  def available_berths(%Date{} = from, %Date{} = to, length_m) do
    taken =
      from r in Reservation,
        where: r.status in [:pending, :confirmed],
        where: r.starts_on < ^to and r.ends_on > ^from,
        select: r.berth_id

    from(b in Berth,
      where: b.max_length_m >= ^length_m and b.id not in subquery(taken),
      order_by: [asc: b.max_length_m]
    )
    |> Repo.all()
  end

  def reserve_berth(user, %Berth{} = berth, attrs) do
    %Reservation{user_id: user.id, berth_id: berth.id}
    |> Reservation.changeset(attrs)
    |> Repo.insert()
    |> tap(fn
      {:ok, r} -> Phoenix.PubSub.broadcast(Moorings.PubSub, "berths", {:reserved, r})
      _ -> :ok
    end)
  end

  def reservations_starting_on(%Date{} = day) do
    Repo.all(from r in Reservation, where: r.starts_on == ^day, preload: [:user, :berth])
  end
end
