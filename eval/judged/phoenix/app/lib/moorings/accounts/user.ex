defmodule Moorings.Accounts.User do
  use Ecto.Schema
  import Ecto.Changeset

  schema "users" do
    field :email, :string
    field :full_name, :string
    field :role, Ecto.Enum, values: [:member, :harbour_master, :treasurer], default: :member
    field :password, :string, virtual: true, redact: true
    field :hashed_password, :string, redact: true
    field :confirmed_at, :utc_datetime

    has_many :reservations, Moorings.Harbour.Reservation
    timestamps(type: :utc_datetime)
  end

  def registration_changeset(user, attrs) do
    user
    |> cast(attrs, [:email, :full_name, :password])
    |> validate_required([:email, :full_name, :password])
    |> validate_format(:email, ~r/^[^\s]+@[^\s]+$/)
    |> validate_length(:password, min: 12, max: 72)
    |> unsafe_validate_unique(:email, Moorings.Repo)
    |> unique_constraint(:email)
    |> put_hashed_password()
  end

  defp put_hashed_password(%{valid?: true, changes: %{password: pw}} = cs) do
    cs |> put_change(:hashed_password, Bcrypt.hash_pwd_salt(pw)) |> delete_change(:password)
  end

  defp put_hashed_password(cs), do: cs

  def valid_password?(%__MODULE__{hashed_password: hashed}, password) when is_binary(hashed),
    do: Bcrypt.verify_pass(password, hashed)

  def valid_password?(_, _), do: Bcrypt.no_user_verify()
end
