defmodule Moorings.Harbour.Berth do
  use Ecto.Schema
  import Ecto.Changeset

  schema "berths" do
    field :pontoon, :string
    field :number, :integer
    field :max_length_m, :decimal
    field :max_draft_m, :decimal
    field :nightly_rate_cents, :integer
    field :has_electricity, :boolean, default: true

    has_many :reservations, Moorings.Harbour.Reservation
    timestamps(type: :utc_datetime)
  end

  def changeset(berth, attrs) do
    berth
    |> cast(attrs, [:pontoon, :number, :max_length_m, :max_draft_m, :nightly_rate_cents, :has_electricity])
    |> validate_required([:pontoon, :number, :max_length_m, :nightly_rate_cents])
    |> validate_number(:nightly_rate_cents, greater_than: 0)
    |> unique_constraint([:pontoon, :number])
  end
end
