defmodule Moorings.Harbour.Reservation do
  use Ecto.Schema
  import Ecto.Changeset

  schema "reservations" do
    field :starts_on, :date
    field :ends_on, :date
    field :boat_name, :string
    field :boat_length_m, :decimal
    field :status, Ecto.Enum, values: [:pending, :confirmed, :cancelled], default: :pending

    belongs_to :user, Moorings.Accounts.User
    belongs_to :berth, Moorings.Harbour.Berth
    timestamps(type: :utc_datetime)
  end

  def changeset(reservation, attrs) do
    reservation
    |> cast(attrs, [:starts_on, :ends_on, :boat_name, :boat_length_m, :status])
    |> validate_required([:starts_on, :ends_on, :boat_name, :boat_length_m])
    |> validate_dates()
    |> exclusion_constraint(:starts_on, name: :reservations_no_overlap)
  end

  defp validate_dates(cs) do
    s = get_field(cs, :starts_on)
    e = get_field(cs, :ends_on)
    if s && e && Date.compare(e, s) != :gt,
      do: add_error(cs, :ends_on, "must be after the start date"),
      else: cs
  end
end
