defmodule Moorings.Repo.Migrations.CreateInvoices do
  use Ecto.Migration

  def change do
    create table(:invoices) do
      add :reservation_id, references(:reservations, on_delete: :restrict), null: false
      add :number, :string
      add :amount_cents, :integer, null: false
      add :due_on, :date, null: false
      add :paid_at, :utc_datetime
      timestamps(type: :utc_datetime)
    end

    create index(:invoices, [:reservation_id])
    create index(:invoices, [:due_on], where: "paid_at IS NULL", name: :invoices_unpaid_due_on_index)
  end
end
