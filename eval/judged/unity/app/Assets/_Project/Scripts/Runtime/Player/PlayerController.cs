using UnityEngine;

namespace Skyward.Player
{
    [RequireComponent(typeof(CharacterController))]
    public sealed class PlayerController : MonoBehaviour
    {
        [SerializeField] private PlayerInputHandler input;
        [SerializeField] private Transform cameraTransform;
        [SerializeField] private float moveSpeed = 6f;
        [SerializeField] private float jumpHeight = 1.4f;
        [SerializeField] private float gravity = -20f;
        [SerializeField] private float coyoteTime = 0.12f;

        private CharacterController _controller;
        private Vector3 _velocity;
        private float _lastGroundedTime;

        public bool IsGrounded => _controller.isGrounded;

        private void Awake()
        {
            _controller = GetComponent<CharacterController>();
        }

        private void Update()
        {
            if (_controller.isGrounded)
            {
                _lastGroundedTime = Time.time;
                if (_velocity.y < 0f) _velocity.y = -2f;
            }

            Vector2 move = input.Move;
            Vector3 forward = Vector3.ProjectOnPlane(cameraTransform.forward, Vector3.up).normalized;
            Vector3 right = Vector3.ProjectOnPlane(cameraTransform.right, Vector3.up).normalized;
            Vector3 direction = forward * move.y + right * move.x;
            _controller.Move(direction * (moveSpeed * Time.deltaTime));

            if (input.ConsumeJump() && Time.time - _lastGroundedTime <= coyoteTime)
            {
                _velocity.y = Mathf.Sqrt(jumpHeight * -2f * gravity);
            }

            _velocity.y += gravity * Time.deltaTime;
            _controller.Move(_velocity * Time.deltaTime);
        }
    }
}
