defmodule Moorings.Repo.Migrations.CreateBerths do
  use Ecto.Migration

  def change do
    create table(:berths) do
      add :pontoon, :string, null: false
      add :number, :integer, null: false
      add :max_length_m, :decimal, precision: 5, scale: 2, null: false
      add :max_draft_m, :decimal, precision: 4, scale: 2
      add :nightly_rate_cents, :integer, null: false
      add :has_electricity, :boolean, null: false, default: true
      timestamps(type: :utc_datetime)
    end

    create unique_index(:berths, [:pontoon, :number])
  end
end
