defmodule Moorings.Billing.Invoice do
  use Ecto.Schema
  import Ecto.Changeset

  schema "invoices" do
    field :number, :string
    field :amount_cents, :integer
    field :due_on, :date
    field :paid_at, :utc_datetime
    belongs_to :reservation, Moorings.Harbour.Reservation
    timestamps(type: :utc_datetime)
  end

  def changeset(invoice, attrs) do
    invoice
    |> cast(attrs, [:reservation_id, :amount_cents, :due_on, :paid_at])
    |> validate_required([:reservation_id, :amount_cents, :due_on])
    |> validate_number(:amount_cents, greater_than_or_equal_to: 0)
    |> assoc_constraint(:reservation)
  end
end
