defmodule Moorings.Accounts do
  @moduledoc "Club members and their sessions."
  import Ecto.Query, warn: false
  alias Moorings.Repo
  alias Moorings.Accounts.{User, UserToken}

  def get_user!(id), do: Repo.get!(User, id)

  def get_user_by_email_and_password(email, password)
      when is_binary(email) and is_binary(password) do
    user = Repo.get_by(User, email: email)
    if User.valid_password?(user, password), do: user
  end

  def register_user(attrs) do
    %User{}
    |> User.registration_changeset(attrs)
    |> Repo.insert()
  end

  def generate_user_session_token(user) do
    {token, user_token} = UserToken.build_session_token(user)
    Repo.insert!(user_token)
    token
  end

  def get_user_by_session_token(token) do
    {:ok, query} = UserToken.verify_session_token_query(token)
    Repo.one(query)
  end
end
