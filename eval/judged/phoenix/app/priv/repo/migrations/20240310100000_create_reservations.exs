defmodule Moorings.Repo.Migrations.CreateReservations do
  use Ecto.Migration

  def change do
    execute "CREATE EXTENSION IF NOT EXISTS btree_gist", ""

    create table(:reservations) do
      add :user_id, references(:users, on_delete: :restrict), null: false
      add :berth_id, references(:berths, on_delete: :restrict), null: false
      add :starts_on, :date, null: false
      add :ends_on, :date, null: false
      add :boat_name, :string, null: false
      add :boat_length_m, :decimal, precision: 5, scale: 2, null: false
      add :status, :string, null: false, default: "pending"
      timestamps(type: :utc_datetime)
    end

    create index(:reservations, [:user_id])
    create index(:reservations, [:berth_id, :starts_on])

    create constraint(:reservations, :reservations_no_overlap,
             exclude: ~s|gist (berth_id WITH =, daterange(starts_on, ends_on) WITH &&) WHERE (status <> 'cancelled')|
           )
  end
end
