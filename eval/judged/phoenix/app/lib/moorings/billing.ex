defmodule Moorings.Billing do
  @moduledoc "Invoices for berth reservations."
  import Ecto.Query, warn: false
  alias Ecto.Multi
  alias Moorings.Repo
  alias Moorings.Billing.Invoice
  alias Moorings.Harbour.Reservation

  def invoice_reservation(%Reservation{} = r) do
    nights = Date.diff(r.ends_on, r.starts_on)
    r = Repo.preload(r, :berth)

    Multi.new()
    |> Multi.insert(:invoice, Invoice.changeset(%Invoice{}, %{
      reservation_id: r.id,
      amount_cents: nights * r.berth.nightly_rate_cents,
      due_on: Date.add(r.starts_on, -7)
    }))
    |> Multi.update(:reservation, Ecto.Changeset.change(r, status: :confirmed))
    |> Repo.transaction()
  end

  def overdue_invoices(today \\ Date.utc_today()) do
    Repo.all(from i in Invoice, where: is_nil(i.paid_at) and i.due_on < ^today)
  end

  def mark_paid(%Invoice{} = i), do: i |> Invoice.changeset(%{paid_at: DateTime.utc_now()}) |> Repo.update()
end
